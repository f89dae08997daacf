"""The archive report's page: its sections, plots and inks, drawn from what roads.analytics kept."""
