//! A championship on a cluster: cut into shards (the split is the championship's own,
//! `referee::championship::shards`), each run by a Slurm job (`slurm`), and merged back
//! into one championship (`merge`).

pub mod merge;
pub mod slurm;
