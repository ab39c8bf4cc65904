"""torch.autograd.forward_ad: dual tensors (to be written)."""
