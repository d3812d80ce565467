#!/usr/bin/env python3
{{header}}
import json
import sys
{{imports}}

# Types generated from hookctl's schemas (generated/{{dialect}}/hook_types.py, region {{event}}).
{{types}}


payload: {{inputType}} = json.load(sys.stdin)
{{fields}}

{{examples}}
