"""The host: serves the TV table and the phones' hands. Knows no game rules (issue 3)."""
