"""torch.save and torch.load in a safe format (to be written)."""
