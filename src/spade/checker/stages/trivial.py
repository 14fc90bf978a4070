"""The ``trivial`` stage: no reasoning-free policy wins too many seeds."""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter
from collections.abc import Callable

from spade.checker.answer_probes import wrong_replies
from spade.checker.candidates import action_slot, reshape
from spade.checker.informed import (
    CopyPolicy,
    MarginalPolicy,
    WrongThenCopyPolicy,
    common_solution,
    copy_policy,
    mutated_solutions,
)
from spade.checker.mutants import ADVICE as MUTANT_ADVICE
from spade.checker.mutants import programs, shared
from spade.checker.policies import (
    POLICY_ADVICE,
    Strategy,
    Trace,
    actions_policy,
    answer_formats,
    format_as,
    play,
    replay,
    trivial_policies,
)
from spade.checker.shortcuts import (
    BOUNDARY_ANSWERS,
    Example,
    Rule,
    cross_fitted,
    every_candidate,
    of_answer_kind,
    shown_candidates,
    task_copy_order,
)
from spade.checker.stages.context import Context, StageFailure, first_look, wins_needed
from spade.envkit.answers import answer_key


def trivial(ctx: Context) -> str:
    """No policy that does not reason may win on at least ``trivial_win_share`` of the seeds:
    junk constants, random guessers, random schema-valid tool calls, brute force over small
    answer spaces, and the informed policies (other seeds' answers, copying the reply to a wrong
    answer, the reference solution with its content changed). Each stops at the turn cap, and
    each policy stops once its verdict is known."""
    config = ctx.config
    seeds = ctx.all_seeds
    for search in (_constant_question, _answer_channel):
        found = search(ctx)
        if found is not None:
            raise StageFailure(found)
    needed = wins_needed(len(seeds), config.trivial_win_share, config.trivial_margin_sd)
    per_seed = {
        seed: {**trivial_policies(seed, *first_look(ctx, seed)), **_informed(ctx, seed)}
        for seed in seeds
    }
    names = list(dict.fromkeys(name for policies in per_seed.values() for name in policies))
    episodes = [0]

    def policies_win(name: str, seed: int) -> bool:
        every = name in WIN_EVERY_EPISODE
        outcomes = []
        for policy in per_seed[seed].get(name, []):
            episodes[0] += 1
            won = play(ctx.instance, seed, policy, ctx.turn_cap).won
            outcomes.append(won)
            if won != every:  # any episode decides 'any'; any loss decides 'every'
                break
        return bool(outcomes) and (all(outcomes) if every else any(outcomes))

    judges: dict[str, Callable[[int], bool]] = {
        name: functools.partial(policies_win, name) for name in names
    }
    judges["task-copy"] = lambda seed: _task_copy_wins(ctx, seed, episodes)
    judges["every-option"] = lambda seed: _every_option_wins(ctx, seed, episodes)
    for value in BOUNDARY_ANSWERS:
        judges[f"boundary {value!r}"] = functools.partial(_boundary_wins, ctx, value, episodes)
    for name, judge in judges.items():
        wins = played = 0
        for seed in seeds:
            if wins >= needed or wins + len(seeds) - played < needed:
                break
            if name.startswith("boundary") and played == GATE_SEEDS and not wins:
                break  # a constant that wins most seeds almost never misses the first five
            played += 1
            wins += judge(seed)
        if wins >= needed:
            raise StageFailure(
                _verdict(name, f"wins {wins} of the {played} seeds it played", needed, len(seeds))
            )
    mutants = [0]
    found = _surface(ctx, needed, episodes) or _mutation_search(ctx, needed, episodes, mutants)
    if found is not None:
        raise StageFailure(found)
    return (
        f"no junk, random, brute-force, copying, surface or blunt-mutant policy wins {needed} "
        f"of {len(seeds)} seeds ({len(judges) + 1} policies, {mutants[0]} mutants of solution(), "
        f"{episodes[0]} episodes)"
    )


MUTANT_GATE_SEEDS = 3
"""Seeds a mutant program must win one of before it is played on the rest."""


def _mutation_search(
    ctx: Context, needed: int, episodes: list[int], tried: list[int]
) -> str | None:
    """Why a blunt program built from what the seeds' solutions share (``mutants.programs``:
    one action repeated, one command cycled, every object acted on, the shared actions alone,
    an answer copied by position) wins ``needed`` seeds; None when none does. At most
    ``mutation_programs`` programs, each dropped once it loses its first seeds."""
    config = ctx.config
    solutions = {s: ctx.solution(s) for s in ctx.all_seeds}
    judged = [s for s, sol in solutions.items() if isinstance(sol, list) and sol]
    if len(judged) < needed:
        return None
    common = shared(
        [list(solutions[s] or [])[: ctx.turn_cap] for s in judged],
        [first_look(ctx, s)[0] for s in judged],
        [ctx.answer_actions(s) for s in judged],
        config.mutation_skeletons,
        config.constant_answer_share,
    )
    for program in itertools.islice(programs(common), config.mutation_programs):
        tried[0] += 1
        wins = played = 0
        for seed in judged:
            if wins >= needed or wins + len(judged) - played < needed:
                break
            if played == MUTANT_GATE_SEEDS and not wins:
                break
            played += 1
            observation, tools = first_look(ctx, seed)
            episodes[0] += 1
            strategy = program.build(observation, tools)
            wins += play(ctx.instance, seed, strategy, ctx.turn_cap).won
        if wins >= needed:
            return (
                f"under-constrained: the blunt mutant of solution() '{program.name}' wins "
                f"{wins} of the {played} seeds it played ({needed} of {len(ctx.all_seeds)} is "
                f"too many); {MUTANT_ADVICE[program.kind]}"
            )
    return None


def _constant_question(ctx: Context) -> str | None:
    """Why one question's answer does not depend on what the agent sees; None when each varies.

    Question k is the solution's k-th rewarded action. Over the judged seeds that have one, its
    most frequent payload (compared as ``same_answer`` compares: case, space and number form
    aside) must stay under ``constant_answer_share``, unless it is a command whose reward the
    work before it earns (a 'done' that submits what the moves built): replayed with the
    solution's unrewarded moves left out, such a step pays nothing. Otherwise a fixed guess
    answers it without reading the task, whatever the other questions ask."""
    config = ctx.config
    per_question: dict[int, Counter[str]] = {}
    for seed in ctx.all_seeds:
        for k, action in enumerate(ctx.answer_actions(seed)):
            per_question.setdefault(k, Counter())[answer_key(action_slot(action))] += 1
    for k, counts in sorted(per_question.items()):
        total = counts.total()
        if total < config.constant_answer_min_seeds:
            continue
        answer, count = counts.most_common(1)[0]
        if count < config.constant_answer_share * total or not _pays_alone(ctx, k, answer):
            continue
        which = "the answer" if len(per_question) == 1 else f"answer {k + 1} of the solution"
        return (
            f"constant answer: {which} is {answer!r} on {count} of the {total} seeds judged, "
            "so a fixed guess gets it without reading the task; compute every answer from "
            "values drawn for the episode and shown to the agent (different entities, "
            "quantities or states on each seed), so that what it is shown decides the answer"
        )
    return None


CONSTANT_REPLAYS = 3
"""Seeds on which a constant answer is replayed without the moves before it, at most."""


def _pays_alone(ctx: Context, k: int, answer: str) -> bool:
    """Whether question ``k``'s ``answer``, sent after the earlier answers only (the
    solution's unrewarded moves left out), is still rewarded on most seeds tried."""
    tried = paid = 0
    for seed in ctx.all_seeds:
        answers = ctx.answer_actions(seed)
        if len(answers) <= k or answer_key(action_slot(answers[k])) != answer:
            continue
        tried += 1
        paid += _last_reward(ctx, seed, answers[: k + 1]) > 0
        if tried == CONSTANT_REPLAYS:
            break
    return paid * 2 > tried


PROBE_SEEDS = 2
"""Checked seeds the answer channel is probed on; a probe must be paid on each of them."""


def _answer_channel(ctx: Context) -> str | None:
    """Why the environment pays a reply known to be wrong (``answer_probes.wrong_replies``) as
    much as the right answer, on every seed probed; None when it pays none. Each probe takes
    the place of one rewarded step of the replayed solution, after the steps before it."""
    paid: Counter[str] = Counter()
    probed = 0
    examples: dict[str, str] = {}
    for trace in ctx.solution_traces()[:PROBE_SEEDS]:
        rewarded = [i for i, r in enumerate(trace.results) if r.reward > 0]
        steps = list(dict.fromkeys([*rewarded[:1], *rewarded[-1:]]))  # the first and the last
        if not steps:
            continue
        probed += 1
        names: dict[str, None] = {}  # in probe order, so the verdict names the first paid
        for i in steps:
            shown = trace.results[i - 1].observation if i else trace.first_observation
            for name, replies in wrong_replies(trace.actions[i], shown):
                if name not in names and all(_paid(ctx, trace, i, r) for r in replies):
                    names[name] = None
                    examples.setdefault(name, replies[0])
        paid.update(list(names))
    for name, count in paid.most_common():
        if count == probed:
            return (
                f"loose answer check: a reply with {name} ({examples[name][:80]!r}) is paid like "
                f"the right answer on {count} of {probed} seeds probed; compare the reply with "
                "spade.envkit.same_answer(reply, expected) (one answer, the whole text, numbers "
                "as numbers, no NaN) after parse_boxed or parse_answer, which refuse several "
                "answers that differ"
            )
    return None


def _paid(ctx: Context, trace: Trace, step: int, reply: str) -> bool:
    """Whether ``reply`` in place of the solution's action at ``step`` earns what it earned."""
    got = _last_reward(ctx, trace.seed, [*trace.actions[:step], reply])
    return got >= trace.results[step].reward


def _last_reward(ctx: Context, seed: int, actions: list[str]) -> float:
    """The reward of the last of ``actions`` replayed on ``seed``; 0 when the episode ended
    before it was sent."""
    results = replay(ctx.instance, seed, actions).results
    return results[-1].reward if len(results) == len(actions) else 0.0


def _verdict(name: str, outcome: str, needed: int, seeds: int, what: str | None = None) -> str:
    family = name.split(" ")[0]  # 'boundary' for "boundary 'NaN'"
    advice = POLICY_ADVICE.get(
        family, "make winning depend on hidden state the agent must discover by acting"
    )
    if what is None:
        what = "no reasoning" if family not in POLICY_ADVICE else advice.split(";")[0]
    change = advice.split("; ", 1)[-1]
    return (
        f"{FAILURE_PREFIX.get(name, '')}the '{name}' policy ({what}) {outcome} ({needed} of "
        f"{seeds} is too many); {change}"
    )


def _task_copy_wins(ctx: Context, seed: int, episodes: list[int]) -> bool:
    """Whether copying the first observation's tokens wins ``seed`` within the attempts one
    episode allows: the tokens, answer-shaped first, are sent in order in one episode per
    answer format; the number of answers it took before ending is the environment's own
    attempt limit, and each answer-shaped token within it also gets an episode of its own (so
    what an earlier wrong answer changed cannot hide a win)."""
    answers = ctx.answer_actions(seed)
    if not answers:
        return False
    observation, tools = first_look(ctx, seed)
    slots = [action_slot(a) for a in answers]
    order = task_copy_order(observation, slots)
    for form in _answer_forms(answers, observation, tools):
        episodes[0] += 1
        sequential = play(ctx.instance, seed, CopyPolicy(order, form), ctx.turn_cap)
        if sequential.won:
            return True
        for candidate in order[1 : len(sequential.actions)]:
            if not of_answer_kind(candidate, slots):
                break  # the answer's kind comes first: the rest is not worth an episode
            episodes[0] += 1
            if play(ctx.instance, seed, CopyPolicy([candidate], form), ctx.turn_cap).won:
                return True
    return False


GATE_SEEDS = 5
"""Seeds a boundary value must win one of before it is tried on the rest."""


def _boundary_wins(ctx: Context, value: str, episodes: list[int], seed: int) -> bool:
    """Whether ``value`` sent as the answer, in one episode per answer form, wins ``seed``."""
    answers = ctx.answer_actions(seed)
    if not answers:
        return False
    observation, tools = first_look(ctx, seed)
    for form in _answer_forms(answers, observation, tools):
        episodes[0] += 1
        attempt = actions_policy([reshape(form[0], value)])
        if play(ctx.instance, seed, attempt, ctx.turn_cap).won:
            return True
    return False


def _every_option_wins(ctx: Context, seed: int, episodes: list[int]) -> bool:
    """Whether one answer listing every candidate of the answer's kind the task shows wins."""
    answers = ctx.answer_actions(seed)
    if len(answers) != 1:
        return False
    observation, tools = first_look(ctx, seed)
    everything = every_candidate(observation, action_slot(answers[0]))
    if everything is None:
        return False
    for form in _answer_forms(answers, observation, tools):
        episodes[0] += 1
        if play(ctx.instance, seed, actions_policy([reshape(form[0], everything)]), 1).won:
            return True
    return False


def _answer_forms(
    answers: list[str], observation: str, tools: list[dict[str, object]]
) -> list[list[str]]:
    """The forms an answer can be sent in: the solution's own answer actions, then each format
    the task shows (boxed, answer tags, answer tools) not already among them."""
    forms = [answers]
    seen = {reshape(answers[0], "\x00")}
    for answer_format in answer_formats(observation, tools):
        action = format_as("\x00", answer_format)
        if action not in seen:
            seen.add(action)
            forms.append([format_as("0", answer_format)])
    return forms


def _surface(ctx: Context, needed: int, episodes: list[int]) -> str | None:
    """Why a rule of form alone (``shortcuts.FEATURES``), fit on other seeds, picks the answer
    among the candidates the first observation shows on too many seeds; None when none does.

    Seeds whose solution sends one answer that the first observation shows among others of its
    kind are examples. Each is predicted by the rule fit on the other folds; the prediction is
    played (each tied pick in its own episode, credited 1/k)."""
    examples: dict[int, tuple[Example, str]] = {}
    for seed in ctx.all_seeds:
        answers = ctx.answer_actions(seed)
        if len(answers) != 1:
            continue
        answer = action_slot(answers[0])
        observation = ctx.look(seed).observation
        shown = shown_candidates(observation, answer)
        if len(shown) >= 2 and any(s.text == answer for s in shown):
            examples[seed] = (Example(seed, observation, answer), answers[0])
    if len(examples) < needed:
        return None
    credit = 0.0
    rules: Counter[Rule] = Counter()
    for rule, example in cross_fitted([e for e, _ in examples.values()]):
        shown = shown_candidates(example.observation, example.answer)
        picked = rule.picks(example.observation, shown)
        if not any(s.text == example.answer for s in picked):
            continue
        action = examples[example.seed][1]
        wins = 0
        for pick in picked:
            episodes[0] += 1
            attempt = actions_policy([reshape(action, pick.text)])
            wins += play(ctx.instance, example.seed, attempt, ctx.turn_cap).won
        credit += wins / len(picked)
        rules[rule] += 1
    if credit < needed:
        return None
    rule = rules.most_common(1)[0][0]
    what = f"picks the shown candidate that is {rule.describe()}, a rule of form fit on other seeds"
    return _verdict(
        "surface",
        f"wins {credit:.0f} of the {len(ctx.all_seeds)} seeds",
        needed,
        len(ctx.all_seeds),
        what,
    )


def _informed(ctx: Context, seed: int) -> dict[str, list[Strategy]]:
    """The informed policies for ``seed``: they read other seeds' solutions, replies and this
    seed's reference solution, never its task."""
    solution = ctx.solution(seed)
    if not isinstance(solution, list) or not solution:
        return {}
    looks = ctx.looks()
    others = [actions for other, (_, actions) in looks.items() if other != seed]
    answers_elsewhere = [ctx.answer_actions(other) for other in looks if other != seed]
    marginal: list[Strategy] = [MarginalPolicy(answers_elsewhere)]
    common = common_solution(others, ctx.config.trivial_win_share)
    marginal += [actions_policy(common)] if common else []
    answers = ctx.answer_actions(seed)
    steps = solution[: ctx.turn_cap]
    _, tools = first_look(ctx, seed)
    informed: dict[str, list[Strategy]] = {
        "marginal-answers": marginal,
        "wrong-then-copy": [
            WrongThenCopyPolicy(steps, answers, relative_first=relative, tools=tools)
            for relative in ((False, True) if answers else ())
        ],
        "mutated-solution": [actions_policy(actions) for actions in mutated_solutions(steps)],
    }
    if tools and answers:
        schemas = json.dumps(tools)
        informed["schema-copy"] = [
            copy_policy(schemas, answers),
            copy_policy(schemas, answers, decoded=True),
        ]
    return informed


FAILURE_PREFIX: dict[str, str] = {"mutated-solution": "format only: "}
WIN_EVERY_EPISODE = frozenset({"mutated-solution"})
"""Policies that win a seed only when every one of their episodes wins it: each changed
solution must win, as any does where only the format is rewarded (one lucky guess among a
retry environment's turns does not make it format only)."""
"""Verdict wording of policies whose win names a class of its own."""
