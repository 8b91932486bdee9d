#pragma once
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>

// AVERROR(e) and the AVERROR_* constants are macros Swift cannot import; expose them as
// functions.
static inline int lyricpip_averror(int e) { return AVERROR(e); }
static inline int lyricpip_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int lyricpip_averror_eof(void) { return AVERROR_EOF; }

// More macros Swift cannot import.
static inline int64_t lyricpip_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int lyricpip_time_base(void) { return AV_TIME_BASE; }
