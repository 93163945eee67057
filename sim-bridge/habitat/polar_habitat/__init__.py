"""Polar's Habitat-Sim bridge: the simulator protocol of src/sim/protocol.ts over WebSocket."""

__version__ = "0.1.0"
