"""Durable storage: tables, seats and actions in SQLite or PostgreSQL, and what many processes share there."""
