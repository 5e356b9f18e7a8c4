"""Interoperability: the official MCP Python SDK client talks to a running clinic."""
from __future__ import annotations

import anyio
from mcp import ClientSession
from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client

from tests.support import ANA_CPF, STAFF_TOKEN


async def _session_run(url: str, work):
    http = create_mcp_http_client(headers={"Authorization": f"Bearer {STAFF_TOKEN}"})
    async with http, streamable_http_client(url, http_client=http) as (read, write), \
            ClientSession(read, write) as session:
        init = await session.initialize()
        return init, await work(session)


def test_sdk_client_initializes_lists_and_calls_tools(clinics):
    async def work(session: ClientSession):
        tools = (await session.list_tools()).tools
        listing = await session.call_tool("list_available_slots", {"doctor": "Dra. Juliana Castro"})
        slot = listing.structured_content["available_slots"][0]
        booking = await session.call_tool("book_appointment", {
            "doctor": slot["doctor"], "date": slot["date"], "time": slot["time"],
            "patient_name": "Ana Paula Teixeira", "cpf": ANA_CPF})
        return tools, listing, booking, slot

    init, (tools, listing, booking, slot) = anyio.run(_session_run, clinics.url("clinic_c"), work)
    assert init.server_info.name == "clinic_c"
    assert sorted(t.name for t in tools) == sorted([
        "list_available_slots", "book_appointment", "reschedule_appointment", "cancel_appointment",
        "list_my_appointments", "get_clinic_info", "request_callback", "list_patients", "get_patient",
        "erase_patient", "list_callbacks", "close_callback", "query"])
    assert all(t.input_schema["type"] == "object" for t in tools)
    assert all(t.output_schema["type"] == "object" for t in tools)
    assert listing.is_error is False and listing.structured_content["clinic"] == "clinic_c"
    assert booking.is_error is False
    appointment = booking.structured_content["appointment"]
    assert (booking.structured_content["status"], appointment["doctor"], appointment["date"], appointment["time"]) == \
        ("confirmed", slot["doctor"], slot["date"], slot["time"])
    assert appointment["cpf_masked"] == "***.533.447-**"
