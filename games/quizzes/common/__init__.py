"""Pieces the four games' quiz generators share: best lines, margins, keep rates, glue."""
