"""The shared types every stage speaks: plans, steps, results, offers, appointments, events; imports no stage."""
