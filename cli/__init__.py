"""The wetopi-memory command line: a thin Typer shell over the wetopi_memory library."""
