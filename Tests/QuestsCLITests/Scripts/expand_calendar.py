#!/usr/bin/env python3
"""Reads a `quests calendar` export with real iCalendar parsers and prints what a calendar app would show.

usage: expand_calendar.py FILE ZONE FIRST-DAY DAYS

Parses FILE with `icalendar`, expands every event with `recurring-ical-events` over DAYS days from FIRST-DAY
(YYYY-MM-DD) in ZONE (an IANA name), and prints one JSON document:
  {"occurrences": [{"uid", "date", "time"}], "problems": ["..."]}
with each occurrence's local date and HH:MM time (null for an all-day event), and the traps found: a floating
time, a TZID without its VTIMEZONE, an UNTIL not in UTC, a VTIMEZONE whose offsets differ from the zone's, a
timed event without an alarm. Missing modules make it fail: the test that runs it must not pass without them.
"""
import datetime
import json
import sys
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events


def main():
    path, zone_name, first_text, days_text = sys.argv[1:5]
    zone = ZoneInfo(zone_name)
    first = datetime.date.fromisoformat(first_text)
    last = first + datetime.timedelta(days=int(days_text) - 1)
    with open(path, "rb") as file:
        calendar = icalendar.Calendar.from_ical(file.read())
    problems = []
    zones = {str(component["TZID"]): component.to_tz(lookup_tzid=False) for component in calendar.walk("VTIMEZONE")}
    for event in calendar.walk("VEVENT"):
        uid = str(event["UID"])
        start = event["DTSTART"]
        if isinstance(start.dt, datetime.datetime):
            tzid = start.params.get("TZID")
            if start.dt.tzinfo is None:
                problems.append(f"{uid}: floating DTSTART")
            if tzid is not None and tzid not in zones:
                problems.append(f"{uid}: TZID {tzid} has no VTIMEZONE")
            if not event.walk("VALARM"):
                problems.append(f"{uid}: no VALARM")
            for until in event["RRULE"].get("UNTIL", []):
                if until.utcoffset() != datetime.timedelta(0):
                    problems.append(f"{uid}: UNTIL {until} is not in UTC")
    occurrences = []
    # One day more on each side, then the window's local days: an occurrence near midnight may fall on
    # another UTC day.
    expanded = recurring_ical_events.of(calendar).between(first - datetime.timedelta(days=1), last + datetime.timedelta(days=2))
    for event in expanded:
        uid = str(event["UID"])
        start = event["DTSTART"].dt
        if isinstance(start, datetime.datetime):
            local = start.astimezone(zone)
            for tzid, own in zones.items():
                naive = local.replace(tzinfo=None)
                if naive.replace(tzinfo=own).utcoffset() != local.utcoffset():
                    problems.append(f"VTIMEZONE {tzid} gives {naive.replace(tzinfo=own).utcoffset()} at {naive}, "
                                    f"{zone_name} gives {local.utcoffset()}")
            day, time = local.date(), local.strftime("%H:%M")
        else:
            day, time = start, None
        if first <= day <= last:
            occurrences.append({"uid": uid, "date": day.isoformat(), "time": time})
    json.dump({"occurrences": occurrences, "problems": problems}, sys.stdout)


main()
