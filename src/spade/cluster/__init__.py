"""The optional Ray layer: sandbox actors per node and generation replicas (the sharded
learner, which needs the learner, is ``spade.train.parallel``). Importing this package does not
import Ray; the modules that need it import it when a run asks for a cluster
(``spade run --cluster``)."""
