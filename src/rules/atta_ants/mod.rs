//! Atta Ants: 2-4 players, a growing map of terrain cards, leaves and spiders.
