"""Self-play training: the loss, the learner, checkpoints and the loop behind spade run."""
