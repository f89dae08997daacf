"""``roads serve``: a live scoreboard over HTTP (the optional extra ``roads[serve]``: Starlette and uvicorn).

:mod:`.store` keeps each table as a JSON Lines log, :mod:`.routes` is the HTTP
contract (docs/serve.md), :mod:`roads.pages.served` the HTML, :mod:`.hub` the
push fan-out, :mod:`.follow` the ``--follow`` watcher, :mod:`.views` the
answers made by the same functions as the commands.
"""
