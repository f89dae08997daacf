"""Every HTML document roads writes: one base template, one escape, one policy, one way to inline a figure.

The package sits at the top of the flow, beside the lessons and the server
(cards -> coups -> roads -> scene -> SVG / PNG -> pages): it reads the scene
and the renderer, and nothing below it imports it. Importing it loads no
Jinja2; :mod:`.jinja` does, and only code that writes a page imports that.

- ``templates/base.html`` owns ``<!DOCTYPE>``, ``<head>`` (the policy, the
  viewport, the generator, the title) and the slots a page fills: ``head``
  (its styles or links), ``body_attributes`` and ``body``.
  ``templates/standalone.html`` is a self-contained file on it: its CSS and
  JavaScript inline, each allowed by its hash; ``served.html`` a page of
  ``roads serve``, its files and policy the server's. Each page is a template
  on one of them: ``lesson.html``, ``quiz.html``, ``drill.html``,
  ``lobby.html``, ``table.html``, ``report.html`` (its sections the macros of
  ``report_sections.html``, streamed by roads.pages.report); the Python
  beside them draws the pictures and gathers what the page shows.
- :mod:`.safe` is the one escaping policy: :func:`~.safe.esc` cleans and
  escapes, and the templates run it on every value they print (Markup, what
  the package wrote itself, passes as it is).
- :mod:`.csp` is the one policy builder: :class:`~.csp.Policy` gives the
  ``<meta>`` element of a file and the header a server sends with it.
- :mod:`.figure` is the one way to inline a figure.
- :mod:`.shell` gives a self-contained page its fonts and symbol sprite, and
  writes it (:func:`~.shell.standalone`, a :class:`~.shell.Page`: the HTML and
  its policy).

A new page (the report, the course) makes a template that extends
``standalone.html`` (a file) or ``base.html`` (a served page), fills
``content`` or ``body`` with its own markup, and is written by
``standalone("its.html", title=..., policy=Policy(scripts=(js,), styles=(css,)),
**its_context)``; a server answers ``page.html`` with ``page.policy.header``.
"""
