"""The federation contract: what the clinics serve and the orchestrator relies on, and nothing else.

The registry, the tools (names, roles, argument and result schemas), the error codes of a refused
call, CPF and clock rules, the booking-code pattern, and the few conventions both sides keep
(configuration from the environment, owner-only files for patients' data, capped request bodies).
It is a subpackage of `clinic_servers` so the clinic server and its contract ship together, while
`agent_system` imports only this package (tests/architecture checks it) and so can run against
remote clinics without the server's store, SQL or launcher.
"""
