"""Progress of a bank reconcile on stderr: banks done of the total, rate and time left; silent when piped."""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from wetopi_memory import BankOutcome


class RateColumn(ProgressColumn):
    """Banks per second, once there is a rate to show."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.1f} banks/s" if speed else "- banks/s", style="progress.data.speed")


class BankProgress:
    """A context manager whose `advance` is the reconcile's per-bank callback; draws only on a terminal."""

    def __init__(self, console: Console, description: str, total: int | None = None) -> None:
        self.progress: Progress | None = None
        self.task: TaskID | None = None
        if console.is_terminal:
            self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                     RateColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                                     console=console, transient=True)
            self.task = self.progress.add_task(description, total=total)

    @property
    def shown(self) -> bool:
        return self.progress is not None

    def set_total(self, total: int) -> None:
        """The number of banks, once the plan knows it (N/M and the ETA need it)."""
        if self.progress is not None and self.task is not None:
            self.progress.update(self.task, total=total)

    def advance(self, _: BankOutcome | None = None) -> None:
        if self.progress is not None and self.task is not None:
            self.progress.advance(self.task)

    def __enter__(self) -> BankProgress:
        if self.progress is not None:
            self.progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self.progress is not None:
            self.progress.stop()
