//! How often pages may sign in: each sign-in sends a code to Discord's
//! token endpoint with the app's secret, so junk codes are limited per
//! address and in all (governor's rate limiters: a steady rate, with a
//! small burst).

use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;

/// Sign-ins a minute from one address.
pub const PER_ADDRESS_A_MINUTE: u32 = 10;
/// Sign-ins a minute from everyone.
const IN_ALL_A_MINUTE: u32 = 600;
/// Addresses remembered before the idle ones are forgotten.
const REMEMBERED: usize = 10_000;

pub struct SignIns {
    per_address: DefaultKeyedRateLimiter<IpAddr>,
    in_all: DefaultDirectRateLimiter,
}

fn a_minute(n: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(n).expect("a positive rate"))
}

impl Default for SignIns {
    fn default() -> SignIns {
        SignIns {
            per_address: RateLimiter::keyed(a_minute(PER_ADDRESS_A_MINUTE)),
            in_all: RateLimiter::direct(a_minute(IN_ALL_A_MINUTE)),
        }
    }
}

impl SignIns {
    /// Whether a sign-in from `address` may go on now (counted if so).
    pub fn allow(&self, address: IpAddr) -> bool {
        if self.per_address.len() > REMEMBERED {
            self.per_address.retain_recent();
        }
        self.per_address.check_key(&address).is_ok() && self.in_all.check().is_ok()
    }
}
