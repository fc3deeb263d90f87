"""Schemathesis hooks for the contract test (tests/contract/schemathesis.test.ts).

Three things a schema cannot know, and nothing else:

* The run is signed in as one user. Changing that user's e-mail or role, or deleting it,
  signs the run out (tokens issued before such a change are refused), and every later
  answer would be a 401. Requests that would change or delete the caller's own user are
  sent for a user that does not exist instead, and answer 404 as documented.

* Some refusals depend on what is stored, or on two values together, which no JSON Schema
  of a request can state: an id must name a record of the caller's own tenant, a password
  must not be one of the most used ones, a time zone must be one the time-zone database
  knows. A valid-looking request refused for one of these exact reasons (a 400 whose
  message is the rule's own) is not a contract failure; any other refusal of a valid
  request still is. Each rule is listed below with the words the server answers with.

* Schemathesis infers links between answers on its own; one that took a null for an id
  (/api/opportunities/None/timeline) is no request a client makes, and its refusal no failure.
"""

import os
import re

import schemathesis
from schemathesis.openapi.checks import RejectedPositiveData

CALLER_USER_ID = os.environ["CRM_CONTRACT_CALLER_USER_ID"]
NO_SUCH_USER_ID = 2147483647
CALLER_USER_PATH = re.compile(r"^/api/users(/admin)?(/nohash)?/\{id\}$")

# The rules a request's schema cannot state, as the server words its refusal.
RULES_BEYOND_THE_SCHEMA = [
    # References must name records of the caller's tenant (another tenant's are unknown).
    re.compile(r"^Salesperson must be a salesperson of your tenant\.$"),
    re.compile(r"^Opportunity must be an opportunity of your tenant\.$"),
    re.compile(r"^Members must be salespersons of your tenant\.$"),
    re.compile(r"^The salesperson is not a salesperson of your tenant\.$"),
    re.compile(r'^Salesperson "\d+" is not a salesperson of your tenant\.$'),
    # A password must not be one of the most used passwords, nor the e-mail address.
    re.compile(r"^This password is too easy to guess: .*"),
    # The board's page of cards: the three parts of the cursor come together or not at all.
    re.compile(r"^after_revenue, after_probability and after_id go together$"),
    # The export's sort columns depend on the kind of rows exported.
    re.compile(r"^\w+ come in the order they were created; they are not sorted by \w+\.$"),
    re.compile(r"^\w+ are sorted by [\w ,]+, not by \w+\.$"),
    # An event ends at or after its start; an all-day one at midnights.
    re.compile(r"^The end must not be before the start\.$"),
    re.compile(r"^An all-day event starts and ends at midnight UTC of its first and last day\.$"),
    # An import's customers are new ones, each named once in the file.
    re.compile(r'^A customer named ".*" already exists\.$', re.DOTALL),
    re.compile(r'^".*" is already in row \d+ of the file\.$', re.DOTALL),
    # Amounts are kept in cents (a JSON Schema multipleOf 0.01 is not exact in binary floating point).
    re.compile(r"^\w+ (?:must|can) have at most (?:two|2) decimals\.$"),
    # A currency must be one of ISO 4217's.
    re.compile(r"^[A-Z]{3} is not an ISO 4217 currency code\.$"),
    # An attachment's base64 is a multiple of four characters long: the document's pattern cannot
    # say it (a repeated group overflows JavaScript's regular expressions on 7 MB of text).
    re.compile(r"^The file must be sent in standard padded base64\.$"),
    # A time zone must be a name of the time-zone database.
    re.compile(r"^.* is not a time zone$", re.DOTALL),
]


def _same_id(value, user_id):
    try:
        return float(value) == float(user_id)
    except (TypeError, ValueError):
        return False


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.method.upper() in ("PUT", "DELETE") and CALLER_USER_PATH.match(case.path):
        if _same_id((case.path_parameters or {}).get("id"), CALLER_USER_ID):
            case.path_parameters["id"] = NO_SUCH_USER_ID


def _messages(response):
    try:
        body = response.json()
    except Exception:
        return []
    if not isinstance(body, dict):
        return []
    # An import's refusal names the row before the rule's words.
    messages = [re.sub(r"^Row \d+ of the import: ", "", body.get("message") or "")]
    fields = body.get("fields")
    if isinstance(fields, dict):
        messages.extend(fields.values())
    return [message for message in messages if isinstance(message, str)]


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Keeps every failure except a valid request refused by one of the rules above."""
    if not isinstance(failure, RejectedPositiveData) or response.status_code != 400:
        return True
    # A link Schemathesis inferred between two answers took a null for an id
    # (/api/opportunities/None/timeline): a request no client makes, rightly refused.
    if any(value is None for value in (case.path_parameters or {}).values()):
        return False
    messages = _messages(response)
    return not (messages and all(any(rule.match(message) for rule in RULES_BEYOND_THE_SCHEMA) for message in messages))
