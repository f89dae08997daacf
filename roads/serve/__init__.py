"""``roads serve``: a live scoreboard over HTTP (the optional extra ``roads[serve]``: Starlette and uvicorn).

:mod:`.store` keeps each table as a JSON Lines log, :mod:`.app` is the HTTP
contract (docs/serve.md), :mod:`.pages` the HTML, :mod:`.events` the push
fan-out, :mod:`.follow` the ``--follow`` watcher, :mod:`.views` the answers
made by the same functions as the commands.
"""
