"""torch.utils.data: Dataset, TensorDataset, DataLoader (to be written)."""
