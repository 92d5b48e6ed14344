"""Club tournaments: entries, brackets, rounds and standings (their own issue)."""
