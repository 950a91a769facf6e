//! Standard playing cards and the Decktet, with their two-character codes.
