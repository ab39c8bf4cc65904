"""torch.func: grad, grad_and_value, vjp, jvp, jacrev, jacfwd, hessian (to be written)."""
