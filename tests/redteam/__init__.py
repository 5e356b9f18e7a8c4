"""The red-team set: cases with a real opportunity for harm, and the faults that create it."""
