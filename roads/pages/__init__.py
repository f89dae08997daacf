"""Every HTML document roads writes."""
