"""The lobby: tables created, joined and listed, fair play between accounts, finished games, lessons, and the
OpenAPI document of what a request may hold."""
