"""torch.amp: autocast and GradScaler (to be written)."""
