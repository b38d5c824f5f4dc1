"""``python -m parbleu``: the command line."""

from parbleu.cli.command import command

command()
