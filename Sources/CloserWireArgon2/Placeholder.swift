import CloserWire
