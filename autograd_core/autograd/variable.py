"""torch.autograd.Variable (to be written)."""
