"""End-to-end tests through a real Hermes Agent 0.19.0 (marker `hermes`)."""
