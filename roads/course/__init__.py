"""The road-reading course: modules of lessons, each a designed shoe, its boards and its checks, as a static site.

- :mod:`.syllabus` is the course as data: every module and lesson, the shoe
  designed for it (kept as a results string) and the concept it shows, and the
  kinds of check it asks.
- :mod:`.checks` makes each lesson's checks from its shoe by kind; every
  answer is read off the board the road builder built (the third-card ones off
  :mod:`roads.rules`), and every wrong choice says the mistake it stands for.
- :mod:`.site` writes the site: an index, one page per lesson, the final exam
  (shoes dealt at build time from a seed) and the third-card drill, in the
  project's page templates, self-contained and offline.

``roads course -o DIR`` is the command; it sits at the top of the flow, beside
the lessons and the pages, and nothing below imports it.
"""
