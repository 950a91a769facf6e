//! Errors: the ones a user causes (shown to them, with a stable code: the
//! protocol's refusals) and the ones they don't (logged, shown only as an
//! id).

pub use crate::protocol::{sentence, ErrorCode, UserError};

/// Anything that can stop a request: the user's fault or ours.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    User(#[from] UserError),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ServiceError {
    /// The error as an internal one, for work no user asked for (a sweep):
    /// a refusal there is our fault.
    pub fn into_internal(self) -> anyhow::Error {
        match self {
            ServiceError::User(e) => anyhow::anyhow!("{}", e.message),
            ServiceError::Internal(e) => e,
        }
    }
}

impl From<crate::store::StoreError> for ServiceError {
    fn from(e: crate::store::StoreError) -> ServiceError {
        ServiceError::Internal(e.into())
    }
}

pub type ServiceResult<T> = Result<T, ServiceError>;
