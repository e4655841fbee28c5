#!/usr/bin/env python3
"""Hostile replies at two sizes, through `assistant run`: each reply repeats
one unit (a tool-call form, a fence, a broken call) 10,000 and 40,000 times,
alone and after a ```cmd block.
A reader that is linear takes about 4x as long on the larger reply; SLOW
marks a ratio above 8 (a quadratic path gives about 16).

    cargo build --release --bin assistant
    python3 benches/stress_replies.py [target/release/assistant]

Times are wall-clock on a shared machine: read the ratios, not the values.
"""
import subprocess
import sys
import tempfile
import time

UNITS = [
    '```tool_code\nprint(default_api.email_send(to=x))\n```\n',
    'print(default_api.a(x="',
    'email_send(to=["a"], body="""',
    '{"name": "email_send", "arguments": {"to": [1],}}\n',
    '{"name": "email_sned", "arguments": {}}\n',
    '[{"name": "x"',
    '{"a": [\n',
    '<tool_call>{"name": "a"',
    '<tool_call>x<arg_key>a</arg_key>',
    '<function=a>{"x": ',
    '<function=email_send><parameter=to>',
    '<invoke name="a"><parameter name="x">',
    'to=functions.a json {"x": 1,} ',
    'to=functions.a<|channel|>commentary json<|message|>{"x": ',
    '[TOOL_CALLS]a[ARGS]{"x": 1,}',
    '[TOOL_CALLS]a[CALL_ID]',
    '<\uff5ctool\u2581call\u2581begin\uff5c>function<\uff5ctool\u2581sep\uff5c>a\n```json\n{"x": 1,}\n```',
    '<|tool_call_begin|>functions.a:0<|tool_call_argument_begin|>{"x": 1,}',
    'Action: a\nAction Input: {"x": 1,}\n',
    'tasks.search --limit 1\n',
    '<cmd>tasks.search</cmd>\n',
    '```bash\ntasks.search\n```\n',
    '> ```cmd\n> tasks.search\n> ```\n',
    '[a(x=1), b(y=var)]\n',
    'a(x=1); ',
    '<!--\n```cmd\ntasks.search\n```\n-->\n',
    '<div>\n```cmd\ntasks.search\n```\n</div>\n\n',
    '- ```cmd\n  tasks.get --id task_1\n  ```\n',
    '- ```\n',
    '1. ```cmd\n   x\ny\n',
    '```cmd\ntasks.search \\\n  --limit 1\n```\n',
]


# A reply that also runs a command reads its tool calls outside code blocks
# (`Turn::tool_calls_beside_commands`): each unit again after one.
COMMAND = '```cmd\ntasks.get --id task_1\n```\n\n'


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else 'target/release/assistant'
    slow = 0
    with tempfile.NamedTemporaryFile('w', suffix='.txt') as reply:
        for unit, before in [(u, '') for u in UNITS] + [(u, COMMAND) for u in UNITS]:
            times = []
            for n in (10_000, 40_000):
                reply.seek(0)
                reply.truncate()
                reply.write(before + unit * n + '\n</tool_call></function>')
                reply.flush()
                start = time.time()
                subprocess.run([binary, 'run', reply.name], capture_output=True, check=False)
                times.append(time.time() - start)
            ratio = times[1] / max(times[0], 0.01)
            flag = 'SLOW' if ratio > 8 and times[1] > 0.1 else ''
            slow += bool(flag)
            label = ('cmd + ' if before else '') + repr(unit[:48])
            print(f'{times[0]:6.2f} s {times[1]:6.2f} s {ratio:5.1f}x {flag:4} {label}')
    sys.exit(1 if slow else 0)


if __name__ == '__main__':
    main()
