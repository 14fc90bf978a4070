"""``python -m spade`` runs the command line."""

from spade.cli import main

main()
