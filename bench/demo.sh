#!/usr/bin/env bash
# The `make demo` script: the main job (bootstrap banks.yaml) and a retain/recall round trip, on the
# embedded backend, as an engineer would type them.
set -euo pipefail
cli=${1:-wetopi-memory}
step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@"; }

# The engineer at this terminal (cli:<login>) is Carlos, with the operator role, so the demo can also ask as
# Lucía below (acting as someone else needs that role, and is audited).
ids="${WETOPI_MEMORY_STATE_DIR:-.demo}/identities.yaml"
mkdir -p "$(dirname "$ids")"
awk -v login="$(id -un)" '
  /^  u_01carlos:/ { print; print "    roles: [operator]"; next }
  /^      - cli:carlos$/ { print; print "      - cli:" login; next }
  { print }' banks/identities.example.yaml > "$ids"
export WETOPI_MEMORY_IDENTITIES="$ids"

step "$cli" config validate
step "$cli" bootstrap banks/banks.yaml --identities banks/identities.example.yaml
printf '\nA second bootstrap writes nothing, and diff agrees (exit 0 = in sync):\n'
step "$cli" bootstrap banks/banks.yaml --identities banks/identities.example.yaml -o json
step "$cli" diff banks/banks.yaml --identities banks/identities.example.yaml
step "$cli" status --user telegram:100000001
step "$cli" retain "The WAN load balancers use IPVS with VRRP and direct server return to the WAN nodes." \
  --scope platform --user telegram:100000001 --reason "verified in the LB runbook" --confidence 0.95
step "$cli" retain "Carlos prefers OpenSearch for centralized logs." --scope personal --user telegram:100000001
step "$cli" recall "how do the WAN load balancers work?" --user telegram:100000001
step "$cli" recall "what does Carlos prefer for logs?" --scope personal --user telegram:100000001 -o json
printf '\nLucía (another person) asks the same personal question and sees nothing of Carlos:\n'
step "$cli" recall "what does Carlos prefer for logs?" --scope personal --user telegram:100000002
