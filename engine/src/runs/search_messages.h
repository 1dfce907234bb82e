#pragma once
// The patterns of what parse_study_space tells the user about a search space (issue 36), and the
// value lists a sweep axis and a study's choices share (value_list.h). Marked
// for Qt's lupdate, which copies them into the studio's translations under the context
// "EngineMessages" (scripts/update-translations.sh), so the Search tab's live check reads in the
// user's language; the engine stays Qt-free, so the marker leaves the text as is.

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace convstudio::search_messages {

inline constexpr const char* kNotAssignment = QT_TRANSLATE_NOOP(
    "EngineMessages", "expected SETTING=SPACE (lr=log:1e-4..1, batch_size=32,64,128), not '%1'");
inline constexpr const char* kNotSearchable =
    QT_TRANSLATE_NOOP("EngineMessages", "cannot be searched; a study varies one of: %1");
inline constexpr const char* kNoSpace =
    QT_TRANSLATE_NOOP("EngineMessages", "has no space to search");
inline constexpr const char* kRangeForm = QT_TRANSLATE_NOOP(
    "EngineMessages", "range '%1': expected LOW..HIGH, log:LOW..HIGH or int:LOW..HIGH");
inline constexpr const char* kRangeOrder =
    QT_TRANSLATE_NOOP("EngineMessages", "range '%1': its low end must be below its high end");
inline constexpr const char* kLogAboveZero =
    QT_TRANSLATE_NOOP("EngineMessages", "range '%1': a log range must start above 0");
inline constexpr const char* kIntWhole =
    QT_TRANSLATE_NOOP("EngineMessages", "range '%1': an int range takes whole numbers");
inline constexpr const char* kTakesWords = QT_TRANSLATE_NOOP(
    "EngineMessages", "range '%1': this setting takes words or on/off; list its values (%2=A,B)");
inline constexpr const char* kSettingWhole =
    QT_TRANSLATE_NOOP("EngineMessages", "range '%1': this setting is a whole number");
inline constexpr const char* kSettingNotWhole =
    QT_TRANSLATE_NOOP("EngineMessages", "range '%1': this setting is not a whole number");
inline constexpr const char* kOutsideRange =
    QT_TRANSLATE_NOOP("EngineMessages", "range '%1' is outside the setting's range %2..%3");
inline constexpr const char* kEmptyChoice =
    QT_TRANSLATE_NOOP("EngineMessages", "has an empty choice (two commas, or one at an end)");
inline constexpr const char* kChoiceTwice =
    QT_TRANSLATE_NOOP("EngineMessages", "lists the choice '%1' twice");
inline constexpr const char* kEmptyValue =
    QT_TRANSLATE_NOOP("EngineMessages", "has an empty value (two commas, or one at an end)");
inline constexpr const char* kValueTwice =
    QT_TRANSLATE_NOOP("EngineMessages", "lists the value '%1' twice");
inline constexpr const char* kChoiceRefused =
    QT_TRANSLATE_NOOP("EngineMessages", "choice '%1': %2");

}  // namespace convstudio::search_messages
