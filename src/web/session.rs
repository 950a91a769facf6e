//! The table's own sessions inside Discord: after the sign-in, the page
//! holds a short-lived token that names the user and the channel of its
//! activity instance, signed with a key derived from the app's secret (so
//! every replica reads every other's tokens, and no one else can make one).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// How long a session lasts; the page signs in again after.
pub const LIFETIME_SECS: i64 = 60 * 60;

/// Who a session speaks for, and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    /// The Discord user id and the name shown.
    pub user: String,
    pub name: String,
    pub channel: String,
    /// The server, or none in a DM or group DM.
    pub guild: Option<String>,
    /// Unix seconds after which the session is refused.
    pub expires: i64,
}

/// Signs and reads sessions.
pub struct Keys {
    key: [u8; 32],
}

impl Keys {
    /// The keys of an app with `secret` (its OAuth2 client secret).
    pub fn new(secret: &str) -> Keys {
        let mut hash = Sha256::new();
        hash.update(b"antics table session\0");
        hash.update(secret.as_bytes());
        Keys {
            key: hash.finalize().into(),
        }
    }

    fn mac(&self, payload: &[u8]) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(payload);
        mac
    }

    /// The token of `session`.
    pub fn sign(&self, session: &Session) -> String {
        let payload = serde_json::to_vec(session).expect("a session serializes");
        let tag = self.mac(&payload).finalize().into_bytes();
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(&payload),
            URL_SAFE_NO_PAD.encode(tag)
        )
    }

    /// The session a token names, if it was signed here and is still valid
    /// at `now` (unix seconds).
    pub fn read(&self, token: &str, now: i64) -> Option<Session> {
        let (payload, tag) = token.split_once('.')?;
        let payload = URL_SAFE_NO_PAD.decode(payload).ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.mac(&payload).verify_slice(&tag).ok()?;
        let session: Session = serde_json::from_slice(&payload).ok()?;
        (now < session.expires).then_some(session)
    }
}
