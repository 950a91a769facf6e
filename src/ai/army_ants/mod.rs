//! The Army Ants computer opponent.
