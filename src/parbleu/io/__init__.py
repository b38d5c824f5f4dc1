"""Reading files: text lines, human judgments and segment scores; errors name the place."""
