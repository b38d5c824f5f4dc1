"""Arithmetic that must match another tool to the last bit (the C library's exp and log)."""
