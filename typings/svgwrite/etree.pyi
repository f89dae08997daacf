CDATA_TAG: str
"""The tag of svgwrite's CDATA elements (ElementTree serialises them as a CDATA section)."""
