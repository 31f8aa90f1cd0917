"""The services that think: bot moves, hints and analyses in worker processes or on a Ray cluster."""
