//! [`Cluster`]: which processes take part in a run and how this one joins them.

use crate::ClusterError;

/// The processes of a run and this process's place among them, as timely dataflow starts
/// them: every process is given the same list of addresses (`host:port`, one per process, in
/// process order) and its own index, and runs `workers` worker threads. The run's shards are
/// its workers: `processes × workers` of them, worker `w` of process `p` being shard
/// `p × workers + w`.
///
/// ```
/// use family_cluster::Cluster;
/// let one = Cluster::single(2)?;
/// assert_eq!((one.processes(), one.shards()), (1, 2));
/// let hosts = "# two machines\nnode1:2101\nnode2:2101\n";
/// let second = Cluster::from_hosts(hosts, 1, 1)?;
/// assert_eq!((second.processes(), second.process(), second.shards()), (2, 1, 2));
/// let local = Cluster::local(4, 3, 23400, 1)?;
/// assert_eq!(local.addresses()[3], "127.0.0.1:23403");
/// assert!(Cluster::from_hosts(hosts, 2, 1).is_err()); // no third line
/// # Ok::<(), family_cluster::ClusterError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    addresses: Vec<String>,
    process: usize,
    workers: usize,
}

impl Cluster {
    /// One process with `workers` threads (no network).
    ///
    /// # Errors
    /// [`ClusterError::Setup`] for zero workers.
    pub fn single(workers: usize) -> Result<Cluster, ClusterError> {
        Cluster::new(Vec::new(), 0, workers)
    }

    /// Process `process` of the processes whose addresses are the non-blank lines of
    /// `hosts` (a host file: one `host:port` per process, in process order; `#` starts a
    /// comment).
    ///
    /// # Errors
    /// [`ClusterError::Setup`] for an empty host list, a process index past it, or zero
    /// workers.
    pub fn from_hosts(
        hosts: &str,
        process: usize,
        workers: usize,
    ) -> Result<Cluster, ClusterError> {
        let addresses: Vec<String> = hosts
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect();
        if addresses.is_empty() {
            return Err(ClusterError::Setup("the host list names no process".into()));
        }
        Cluster::new(addresses, process, workers)
    }

    /// Process `process` of `processes` on this machine, on the loopback ports `base_port`,
    /// `base_port + 1`, ….
    ///
    /// # Errors
    /// As [`Cluster::from_hosts`], and for ports past 65 535.
    pub fn local(
        processes: usize,
        process: usize,
        base_port: u16,
        workers: usize,
    ) -> Result<Cluster, ClusterError> {
        let addresses = (0..processes)
            .map(|i| {
                u16::try_from(i)
                    .ok()
                    .and_then(|i| base_port.checked_add(i))
                    .map(|port| format!("127.0.0.1:{port}"))
                    .ok_or_else(|| ClusterError::Setup("ports past 65535".into()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if addresses.is_empty() {
            return Err(ClusterError::Setup("no processes".into()));
        }
        Cluster::new(addresses, process, workers)
    }

    fn new(
        addresses: Vec<String>,
        process: usize,
        workers: usize,
    ) -> Result<Cluster, ClusterError> {
        if workers == 0 {
            return Err(ClusterError::Setup(
                "a process needs at least one worker".into(),
            ));
        }
        if process >= addresses.len().max(1) {
            return Err(ClusterError::Setup(format!(
                "process {process} of {} processes",
                addresses.len().max(1)
            )));
        }
        Ok(Cluster {
            addresses,
            process,
            workers,
        })
    }

    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.addresses.len().max(1)
    }

    /// This process's index.
    pub fn process(&self) -> usize {
        self.process
    }

    /// Worker threads per process.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// The number of shards: every worker of every process.
    pub fn shards(&self) -> usize {
        self.processes() * self.workers
    }

    /// The processes' addresses (empty for [`Cluster::single`]).
    pub fn addresses(&self) -> &[String] {
        &self.addresses
    }

    /// The timely configuration that starts this process's part of the run.
    pub fn config(&self) -> timely::Config {
        let communication = if self.addresses.len() > 1 {
            timely::CommunicationConfig::Cluster {
                threads: self.workers,
                process: self.process,
                addresses: self.addresses.clone(),
                report: false,
                zerocopy: false,
            }
        } else if self.workers > 1 {
            timely::CommunicationConfig::Process(self.workers)
        } else {
            timely::CommunicationConfig::Thread
        };
        timely::Config {
            communication,
            worker: timely::WorkerConfig::default(),
        }
    }
}
