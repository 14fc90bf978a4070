"""The optional Ray layer: sandbox actors per node, generation replicas and a data-parallel
learner. Importing this package does not import Ray; the modules that need it import it when a
run asks for a cluster (``spade run --cluster``)."""
