"""Function words of Spanish and English (normalised as `text.tokenize` gives them): the grammar of a message, not
what it is about. The word model learns only content words: which person speaks, whether it is a question and
how polite it is are the rules' to read (first person, question frames), and function words summed over a long
message would otherwise add up to a scope that none of its content points to. Semi-modals ("need", "necesitamos"),
"current"/"actual" and the verbs of changing and raising ("cambiar", "sube", "change", "raise": a supplier, a price
or a limit alike) point at nothing either.
"""

from __future__ import annotations

from typing import Final

_ENGLISH: Final = """
a an the this that these those there here it its it's i me my mine myself you your yours we us our ours he him his
she her hers they them their theirs who whom whose which what when where why how whether if then than so as
and or but nor not no yes yeah ok okay of in on at by for from to into onto with without about over under after
before between through during until till up down out off again also just still even only very too really quite
be am is are was were been being have has had having do does did done doing will would shall should can could may
might must let lets get got gets please thanks thank hi hello hey oh well any some all each every both either
neither more most much many few lot lots such own same other another one ones something anything nothing
everything someone anyone everyone im ive id ill dont doesnt didnt isnt arent wasnt cant wont couldnt shouldnt
need needs current change changes changed changing raise raises raised
"""

_SPANISH: Final = """
el la los las un una unos unas lo al del de a en con sin por para sobre entre hasta desde hacia tras ante bajo
y e o u ni pero sino que quien quienes cual cuales cuyo como cuando donde cuanto cuanta cuantos cuantas porque pues
si no ya tambien tampoco muy mas menos tan tanto tanta tantos tantas solo aun todavia
yo me mi mis mio mia conmigo tu te ti tus tuyo contigo usted ustedes vos el ella ello ellos ellas le les se su sus
nos nosotros nosotras nuestro nuestra nuestros nuestras os vosotros vuestro vuestra
este esta esto estos estas ese esa eso esos esas aquel aquella aquello aquellos aquellas
ser soy eres es somos son era eran fue fueron sido estar estoy estas esta estamos estan estaba estado
haber he has ha hemos han habia habian hay hubo haya
hacer hago hace hacen hizo tener tengo tiene tienen tenia ir voy va vamos van iba
otro otra otros otras todo toda todos todas algo alguien nada nadie cada cualquier cualquiera mismo misma bueno vale
hola gracias porfa
necesito necesitas necesita necesitamos necesitan actual actuales
cambiar cambia cambio cambiamos cambiado subir sube suben subimos subido
"""

FUNCTION_WORDS: Final = frozenset((_ENGLISH + _SPANISH).split())
