"""The federated clinics: one generic MCP server, its store, the registry and per-clinic seed data."""
