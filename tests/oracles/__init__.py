"""Independent implementations that tests compare parbleu with (they share no code with it)."""
