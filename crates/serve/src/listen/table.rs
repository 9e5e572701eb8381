//! The open connections of `glossgraph serve` as the accept loop sees them, and the rules
//! by which a newcomer at a cap takes the place of one of them (rule 3 of the module above:
//! reap the gone, evict only the idle or the silent, never a request in flight).

use std::collections::BTreeMap;
use std::net::{IpAddr, Shutdown, TcpStream};
use std::time::{Duration, Instant};

use super::Limits;

/// A socket as the accept loop handles it (a stand-in in tests): closed from another thread,
/// and looked into without reading.
pub(super) trait Socket {
    fn close(&self);
    /// What waits in the socket, without taking it and without blocking.
    fn peek(&self) -> Peek;
}

/// What a socket holds that its connection has not read yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Peek {
    /// Nothing: the client is silent.
    Quiet,
    /// Bytes of a request the connection's thread has not read yet.
    Pending,
    /// The end of the stream (or a reset): the client has gone.
    Gone,
}

impl Socket for TcpStream {
    fn close(&self) {
        let _ = self.shutdown(Shutdown::Both);
    }

    fn peek(&self) -> Peek {
        use rustix::net::{recv, RecvFlags};
        let mut byte = [0u8; 1];
        // MSG_DONTWAIT: the socket stays in blocking mode for its connection's thread.
        match recv(self, &mut byte[..], RecvFlags::PEEK | RecvFlags::DONTWAIT) {
            Ok((0, _)) => Peek::Gone,
            Ok(_) => Peek::Pending,
            Err(e) if e == rustix::io::Errno::AGAIN || e == rustix::io::Errno::INTR => Peek::Quiet,
            Err(_) => Peek::Gone,
        }
    }
}

/// How long a new connection that has sent part of a request head (and no more) is safe from
/// eviction: a client sends a head at once, a slow-headers client trickles it.
pub(super) const FRESH_GRACE: Duration = Duration::from_millis(100);

/// How long a new connection that has sent nothing at all is safe from eviction: the time a
/// client may take between connecting and sending. A Python client among 64 threads waited
/// up to a third of a second for its turn to run on a quiet machine, and over a second once
/// while the whole test suite ran beside it; a connection that never sends anything is
/// closed at the head deadline (5 s) anyway. Bytes waiting unread protect any connection
/// beyond these.
pub(super) const SILENT_GRACE: Duration = Duration::from_secs(3);

/// Where a connection stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Accepted at this instant; no request yet. `heard`: part of a request head has come.
    Fresh { since: Instant, heard: bool },
    /// A request is under way.
    Busy,
    /// Answered a request at this instant, and waits for the next.
    Idle(Instant),
}

/// One connection as the accept loop sees it.
struct Entry<S> {
    client: IpAddr,
    /// A handle on the socket, to look into it and close it from the accept loop.
    socket: S,
    state: State,
    /// Its thread holds bytes of a request it has not judged yet: it is taking them from
    /// the socket, or parsing them. Such a connection is never evicted, whatever its state:
    /// its socket looks quiet, yet a whole request may be in the thread's hands.
    reading: bool,
}

impl<S: Socket> Entry<S> {
    /// Where the connection stands in the order of eviction, if it may be closed to make
    /// room (its rank, and since when it waits): a connection that
    /// answered a request and sits idle, or a new one past its grace ([`FRESH_GRACE`] once
    /// part of a head has come, [`SILENT_GRACE`] before) — with nothing unread in its
    /// socket. Never one running a request.
    ///
    /// The rank comes first in the order of eviction: a connection idle after an answer
    /// (0: its client has what it came for), then one that sent part of a head and stopped
    /// (1: slow headers), then one that sent nothing (2: possibly a client not yet given the
    /// processor to send its request, which a test of 64 Python clients saw on a loaded
    /// machine); within a rank, the one waiting longest.
    fn evictable_since(&self, now: Instant) -> Option<(u8, Instant)> {
        if self.reading {
            return None;
        }
        let (rank, since) = match self.state {
            State::Busy => return None,
            State::Idle(since) => (0, since),
            State::Fresh { since, heard } => {
                let grace = if heard { FRESH_GRACE } else { SILENT_GRACE };
                if now.saturating_duration_since(since) < grace {
                    return None;
                }
                (if heard { 1 } else { 2 }, since)
            }
        };
        (self.socket.peek() == Peek::Quiet).then_some((rank, since))
    }
}

/// The open connections, by the order they came in.
pub(super) struct Table<S> {
    next: u64,
    entries: BTreeMap<u64, Entry<S>>,
}

impl<S> Default for Table<S> {
    fn default() -> Self {
        Self {
            next: 0,
            entries: BTreeMap::new(),
        }
    }
}

impl<S: Socket> Table<S> {
    fn count(&self, client: IpAddr) -> usize {
        self.entries.values().filter(|e| e.client == client).count()
    }

    /// Forgets (and closes) the connections whose client has gone but whose thread has not
    /// noticed yet: they must not count against a cap. Those running a request are left to
    /// their thread (a client may close its sending side and still wait for the answer).
    fn reap(&mut self, which: impl Fn(&Entry<S>) -> bool) {
        let gone: Vec<u64> = self
            .entries
            .iter()
            .filter(|(_, e)| {
                which(e) && e.state != State::Busy && !e.reading && e.socket.peek() == Peek::Gone
            })
            .map(|(&id, _)| id)
            .collect();
        for id in gone {
            self.evict(id);
        }
    }

    /// Admits a connection from `client`, first making room if a cap is reached; gives the
    /// socket back if there is no room to make.
    pub(super) fn admit(
        &mut self,
        client: IpAddr,
        socket: S,
        now: Instant,
        limits: &Limits,
    ) -> Result<u64, S> {
        if self.count(client) >= limits.max_per_client.max(1) {
            self.reap(|e| e.client == client);
        }
        if self.count(client) >= limits.max_per_client.max(1) {
            let victim = self
                .entries
                .iter()
                .filter(|(_, e)| e.client == client)
                .filter_map(|(&id, e)| Some((e.evictable_since(now)?, id)))
                .min();
            match victim {
                Some((_, id)) => self.evict(id),
                None => return Err(socket),
            }
        }
        if self.entries.len() >= limits.max_connections.max(1) {
            self.reap(|_| true);
        }
        if self.entries.len() >= limits.max_connections.max(1) {
            let mut counts: BTreeMap<IpAddr, usize> = BTreeMap::new();
            for e in self.entries.values() {
                *counts.entry(e.client).or_default() += 1;
            }
            // The address holding the most connections gives one up first; within it, the
            // connection that has waited longest.
            let victim = self
                .entries
                .iter()
                .filter_map(|(&id, e)| {
                    let since = e.evictable_since(now)?;
                    let held = counts.get(&e.client).copied().unwrap_or(0);
                    Some((std::cmp::Reverse(held), since, id))
                })
                .min();
            match victim {
                Some((_, _, id)) => self.evict(id),
                None => return Err(socket),
            }
        }
        let id = self.next;
        self.next += 1;
        self.entries.insert(
            id,
            Entry {
                client,
                socket,
                state: State::Fresh {
                    since: now,
                    heard: false,
                },
                reading: false,
            },
        );
        Ok(id)
    }

    /// Closes connection `id` and forgets it.
    pub(super) fn evict(&mut self, id: u64) {
        if let Some(entry) = self.entries.remove(&id) {
            entry.socket.close();
        }
    }

    /// Connection `id`'s thread is about to take bytes from its socket: until it has judged
    /// them ([`Table::heard`], [`Table::busy`]) the connection may not be evicted. False if
    /// it was evicted already (the bytes are then left unread, with the connection).
    ///
    /// Told before the bytes are taken, not after: from the moment they leave the socket
    /// until the thread says what they were, the socket looks quiet, and a connection whose
    /// whole request had just been read was evicted in that gap under load, its client
    /// getting the end of the stream instead of an answer (1 to 3 requests in 2,560 of the
    /// test of 64 Python clients, `every_request_of_64_concurrent_clients_is_answered_whole`).
    pub(super) fn reading(&mut self, id: u64) -> bool {
        match self.entries.get_mut(&id) {
            Some(entry) => {
                entry.reading = true;
                true
            }
            None => false,
        }
    }

    /// Connection `id` has a request under way: it may no longer be evicted. False if it was
    /// evicted already (its request is then dropped with the connection).
    pub(super) fn busy(&mut self, id: u64) -> bool {
        match self.entries.get_mut(&id) {
            Some(entry) => {
                entry.state = State::Busy;
                entry.reading = false;
                true
            }
            None => false,
        }
    }

    /// Part of a request head has come on connection `id`, not the whole: it waits for the
    /// rest.
    pub(super) fn heard(&mut self, id: u64) {
        if let Some(entry) = self.entries.get_mut(&id) {
            entry.reading = false;
            if let State::Fresh { since, .. } = entry.state {
                entry.state = State::Fresh { since, heard: true };
            }
        }
    }

    /// Connection `id` answered its request and waits for the next one; `holding`: its
    /// thread already holds bytes that came after that request (a pipelined request), which
    /// it reads next.
    pub(super) fn waiting(&mut self, id: u64, now: Instant, holding: bool) {
        if let Some(entry) = self.entries.get_mut(&id) {
            entry.state = State::Idle(now);
            entry.reading = holding;
        }
    }

    /// Connection `id` has ended.
    pub(super) fn leave(&mut self, id: u64) {
        self.entries.remove(&id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;

    /// A socket stand-in that records being closed, and shows what a test puts in it.
    #[derive(Clone)]
    struct Fake(Rc<Cell<bool>>, Rc<Cell<Peek>>);

    impl Default for Fake {
        fn default() -> Self {
            Fake(Rc::default(), Rc::new(Cell::new(Peek::Quiet)))
        }
    }

    impl Fake {
        fn closed(&self) -> bool {
            self.0.get()
        }
    }

    impl Socket for Fake {
        fn close(&self) {
            self.0.set(true);
        }

        fn peek(&self) -> Peek {
            self.1.get()
        }
    }

    #[test]
    fn a_new_connection_with_its_request_unread_or_within_its_grace_is_never_evicted() {
        let (mut table, limits, start) = (Table::default(), limits(100, 3), Instant::now());
        let pending = Fake::default();
        pending.1.set(Peek::Pending);
        let (silent, trickling) = (Fake::default(), Fake::default());
        table
            .admit(ip(1), pending.clone(), start, &limits)
            .ok()
            .unwrap();
        let later = start + SILENT_GRACE * 5;
        table
            .admit(ip(1), silent.clone(), later, &limits)
            .ok()
            .unwrap();
        let id = table
            .admit(ip(1), trickling.clone(), later, &limits)
            .ok()
            .unwrap();
        table.heard(id);
        // The first is old but has a request waiting; the others are within their grace.
        let soon = later + FRESH_GRACE / 2;
        assert!(table.admit(ip(1), Fake::default(), soon, &limits).is_err());
        // Past the short grace, the one that sent part of a head makes room...
        let past = later + FRESH_GRACE * 2;
        assert!(table.admit(ip(1), Fake::default(), past, &limits).is_ok());
        assert!(!pending.closed() && !silent.closed() && trickling.closed());
        // ...and the silent one only past the long one; the request waiting, never.
        let newer = past;
        assert!(table.admit(ip(1), Fake::default(), newer, &limits).is_err());
        let last = later + SILENT_GRACE * 2;
        assert!(table.admit(ip(1), Fake::default(), last, &limits).is_ok());
        assert!(!pending.closed() && silent.closed());
    }

    #[test]
    fn a_connection_whose_thread_is_reading_a_request_is_never_evicted() {
        let (mut table, limits, start) = (Table::default(), limits(100, 2), Instant::now());
        // A fresh connection past its grace, whose thread has just taken its whole request
        // from the socket (which looks quiet now), and an idle one whose thread holds a
        // pipelined request; neither may make room, even once their sockets show the end.
        let (fresh, idle) = (Fake::default(), Fake::default());
        let fresh_id = table
            .admit(ip(1), fresh.clone(), start, &limits)
            .ok()
            .unwrap();
        let idle_id = table
            .admit(ip(1), idle.clone(), start, &limits)
            .ok()
            .unwrap();
        assert!(table.reading(fresh_id));
        assert!(table.busy(idle_id));
        table.waiting(idle_id, start, true);
        let later = start + SILENT_GRACE * 2;
        assert!(table.admit(ip(1), Fake::default(), later, &limits).is_err());
        fresh.1.set(Peek::Gone);
        idle.1.set(Peek::Gone);
        assert!(table.admit(ip(1), Fake::default(), later, &limits).is_err());
        assert!(!fresh.closed() && !idle.closed());
        // Once the thread finds only part of a head, the connection may give way again.
        fresh.1.set(Peek::Quiet);
        table.heard(fresh_id);
        assert!(table.admit(ip(1), Fake::default(), later, &limits).is_ok());
        assert!(fresh.closed() && !idle.closed());
        // A connection evicted before its thread took anything is not read.
        assert!(!table.reading(fresh_id));
    }

    #[test]
    fn connections_whose_client_has_gone_are_reaped_before_a_cap_is_judged() {
        let (mut table, limits, now) = (Table::default(), limits(100, 2), Instant::now());
        let gone = Fake::default();
        let running = Fake::default();
        let id = table.admit(ip(1), gone.clone(), now, &limits).ok().unwrap();
        table.busy(id);
        table.waiting(id, now, false);
        let busy = table
            .admit(ip(1), running.clone(), now, &limits)
            .ok()
            .unwrap();
        assert!(table.busy(busy));
        // Its client has closed, just after its answer: the newcomer takes its place at once,
        // within the grace of everyone.
        gone.1.set(Peek::Gone);
        running.1.set(Peek::Gone);
        assert!(table.admit(ip(1), Fake::default(), now, &limits).is_ok());
        assert!(gone.closed(), "the gone client's connection is closed");
        assert!(
            !running.closed(),
            "a connection running a request is left to its thread"
        );
        assert_eq!(table.count(ip(1)), 2);
    }

    fn limits(max_connections: usize, max_per_client: usize) -> Limits {
        Limits {
            max_connections,
            max_per_client,
            head_timeout: Duration::from_secs(5),
            io_timeout: Duration::from_secs(30),
            response_timeout: Duration::from_secs(60),
            max_body: 1000,
        }
    }

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, last])
    }

    #[test]
    fn a_client_at_its_cap_gives_up_its_longest_waiting_connection() {
        let (mut table, limits, start) = (Table::default(), limits(100, 3), Instant::now());
        let sockets: Vec<Fake> = (0..3).map(|_| Fake::default()).collect();
        let ids: Vec<u64> = (0..3)
            .map(|i| {
                let at = start + Duration::from_millis(i);
                table.admit(ip(1), sockets[i as usize].clone(), at, &limits)
            })
            .collect::<Result<_, _>>()
            .ok()
            .unwrap();
        // The first is running a request: the second has waited longest.
        assert!(table.busy(ids[0]));
        let fourth = table.admit(ip(1), Fake::default(), start + SILENT_GRACE * 2, &limits);
        assert!(fourth.is_ok());
        assert!(!sockets[0].closed() && sockets[1].closed() && !sockets[2].closed());
        assert!(
            !table.busy(ids[1]),
            "an evicted connection cannot start a request"
        );
        // Another address is not affected by this one's cap.
        assert!(table.admit(ip(2), Fake::default(), start, &limits).is_ok());
        assert_eq!((table.count(ip(1)), table.count(ip(2))), (3, 1));
    }

    #[test]
    fn a_client_whose_connections_all_run_requests_is_refused() {
        let (mut table, limits, now) = (Table::default(), limits(100, 2), Instant::now());
        for _ in 0..2 {
            let id = table
                .admit(ip(1), Fake::default(), now, &limits)
                .ok()
                .unwrap();
            assert!(table.busy(id));
        }
        assert!(table.admit(ip(1), Fake::default(), now, &limits).is_err());
        assert!(table.admit(ip(2), Fake::default(), now, &limits).is_ok());
    }

    #[test]
    fn at_the_global_cap_the_busiest_address_makes_room() {
        let (mut table, limits, start) = (Table::default(), limits(4, 4), Instant::now());
        // One waiting connection from .1 (the oldest), three from .2.
        let quiet = Fake::default();
        table
            .admit(ip(1), quiet.clone(), start, &limits)
            .ok()
            .unwrap();
        let crowd: Vec<Fake> = (0..3).map(|_| Fake::default()).collect();
        for (i, s) in crowd.iter().enumerate() {
            let at = start + Duration::from_millis(1 + i as u64);
            table.admit(ip(2), s.clone(), at, &limits).ok().unwrap();
        }
        let later = start + SILENT_GRACE * 2;
        assert!(table.admit(ip(3), Fake::default(), later, &limits).is_ok());
        assert!(!quiet.closed(), "the address with one connection keeps it");
        assert!(crowd[0].closed() && !crowd[1].closed() && !crowd[2].closed());
        assert_eq!(table.entries.len(), 4);
        // Once every connection runs a request, newcomers are refused.
        let ids: Vec<u64> = table.entries.keys().copied().collect();
        for id in ids {
            assert!(table.busy(id));
        }
        assert!(table.admit(ip(4), Fake::default(), start, &limits).is_err());
        table.leave(*table.entries.keys().next().unwrap());
        assert!(table.admit(ip(4), Fake::default(), start, &limits).is_ok());
    }

    #[test]
    fn an_idle_connection_gives_way_before_a_silent_new_one() {
        let (mut table, limits, start) = (Table::default(), limits(100, 2), Instant::now());
        let silent = Fake::default();
        table
            .admit(ip(1), silent.clone(), start, &limits)
            .ok()
            .unwrap();
        let answered = Fake::default();
        let later = start + SILENT_GRACE * 2;
        let id = table
            .admit(ip(1), answered.clone(), later, &limits)
            .ok()
            .unwrap();
        table.busy(id);
        table.waiting(id, later, false);
        // The silent one has waited longer, but the idle one has had its answer.
        let now = later + SILENT_GRACE;
        assert!(table.admit(ip(1), Fake::default(), now, &limits).is_ok());
        assert!(answered.closed() && !silent.closed());
    }
}
